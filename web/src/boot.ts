import './index.css'
import { holdPressesUntilLive, startAfterFirstPhoto } from './lib/page-start'

// The page's first script: it holds early presses and fetches the app once
// the first photo is in (lib/page-start.ts). The app's stylesheet is the
// entry's, so the server finds it in index.html and puts it in each page.
holdPressesUntilLive()
startAfterFirstPhoto(() => void import('./main'))
