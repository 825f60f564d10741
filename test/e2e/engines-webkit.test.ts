/**
 * The core journeys in WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver, on an Xvfb display
 * (engine-journey.ts). WebKitGTK has no Push API, which the product says.
 */
import { launchWebKit } from '../support/engines/webkit.ts';
import { engineJourney } from './engine-journey.ts';

engineJourney(launchWebKit, { message: 'This browser cannot show notifications.' });
