import { useLocation, useParams } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { useDocumentTitle } from '@/lib/document-title'
import { useSite } from '@/lib/site'
import { pageTitle, usePageHandle } from './page-handle'

export function Component() {
  const site = useSite()
  const handle = usePageHandle()
  const title = pageTitle(handle, useLocation().pathname, useParams())
  useDocumentTitle(`${title} | ${site.name}`)
  return <ComingSoon title={title} />
}
