// The sign-in hint lives in shared code, as other features read it too.
export { hasSessionHint, setSessionHint } from '@/lib/session-hint'
