import type { ComponentProps } from 'react'
import { Link } from 'react-router'

type Props = Omit<ComponentProps<'a'>, 'href'> & { href: string }

// SmartLink routes in-app paths through the router and leaves other
// addresses (external booking sites, tel:, mailto:) to the browser.
export function SmartLink({ href, ...props }: Props) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return <Link to={href} {...props} />
  }
  const external = /^https?:\/\//.test(href)
  return <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props} />
}
