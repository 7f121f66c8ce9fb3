import { Camera } from 'lucide-react'
import { Button } from '@/components/ui/button'

// PhotosPlaceholder is docs/behaviour/errors.md's 'request photos' tile: it stands
// in for a car without photos, a feed's default or placeholder picture, and
// a photo that fails to load.
export function PhotosPlaceholder({ onRequestPhotos }: { onRequestPhotos?: () => void }) {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 bg-muted p-4 text-center text-muted-foreground">
      <Camera aria-hidden className="size-10" />
      <p className="text-base font-medium">Photos coming soon</p>
      {onRequestPhotos && (
        <Button type="button" onClick={onRequestPhotos}>
          Request Photos
        </Button>
      )}
    </div>
  )
}
