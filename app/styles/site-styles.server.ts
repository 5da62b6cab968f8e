import formsCss from '../components/form/forms.css?inline';
import appCss from './app.css?inline';

/** Every page's CSS, as Vite built it (minified in production), for `SiteStyles` to inline. */
export const SITE_STYLES = `${appCss}\n${formsCss}`;

/**
 * The `Link` header that preloads the body font's latin file, the one every page's text uses.
 * Its URL is read from the CSS Vite built (hashed), so the preload always names the file the
 * `@font-face` rule asks for; a header, so the browser starts the download before the HTML and
 * no JavaScript carries it.
 */
const bodyFontUrl = /url\(["']?([^"')]*figtree-latin-wght-normal[^"')]*\.woff2)["']?\)/.exec(SITE_STYLES)?.[1];
export const FONT_PRELOAD_LINK = bodyFontUrl ? `<${bodyFontUrl}>; rel=preload; as=font; type="font/woff2"; crossorigin` : null;
