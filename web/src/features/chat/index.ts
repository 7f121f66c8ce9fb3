// The chat feature's public parts: the layout's launcher mount and the call
// that opens the panel (the vehicle page's Instant Message). Both are light;
// the panel loads on its own.
export { ChatMount } from './components/chat-mount'
export { openChat } from './lib/store'
