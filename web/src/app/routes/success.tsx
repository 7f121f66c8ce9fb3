import { SuccessPage } from '@/features/leads'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'

export function Component() {
  const site = useSite()
  useDocumentTitle(`Thank You | ${site.name}`)
  return <SuccessPage site={site} />
}
