/**
 * The core journeys in Gecko: Debian's Firefox ESR, headless, over WebDriver BiDi (engine-journey.ts).
 * Headless Firefox has the Push API but reaches no push service, which the product says.
 */
import { launchFirefox } from '../support/engines/firefox.ts';
import { engineJourney } from './engine-journey.ts';

engineJourney(launchFirefox, {
  press: 'Turn on notifications on this device',
  message:
    'This browser’s notification service did not answer, so notifications cannot be turned on here for now. Your reminders still come by e-mail.',
});
