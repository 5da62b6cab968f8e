import formsCss from '../components/form/forms.css?inline';
import appCss from './app.css?inline';

/** Every page's CSS, as Vite built it (minified in production), for `SiteStyles` to inline. */
export const SITE_STYLES = `${appCss}\n${formsCss}`;
