import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/brand.ts';
import { ADMIN_GROUP } from '#shared/identity.ts';
import { ROUTES } from '../../../config/routes.ts';
import { ProsePage } from '../components/ProsePage.tsx';

const Cmd = ({ children }: { children: ReactNode }) => <code>{children}</code>;

/** /docs: release checklist (6 steps), testing guide and developer notes, true to this repository. */
export default function DocsPage() {
  return (
    <ProsePage
      title={ROUTES.docs.title}
      description={`Release checklist, testing guide and developer notes for the ${PRODUCT_NAME} team.`}
      lead="For the people who build and run Renewal Reminders: how we release, how we test, and how the code fits together. docs/commands.md in the repository has the full command reference."
    >
      <h2 id="release-checklist">Release checklist</h2>
      <ol className="steps-list">
        <li>
          <strong>Install and check.</strong> From a clean clone run <Cmd>npm ci</Cmd>, then{' '}
          <Cmd>npm run lint</Cmd> (ESLint and Prettier) and <Cmd>npm run typecheck</Cmd> (TypeScript strict,
          for the backend and the web app). Both must be clean.
        </li>
        <li>
          <strong>Run every test.</strong> <Cmd>npm test</Cmd> runs the five Vitest projects: unit, web (the
          React components in happy-dom), infrastructure (CDK assertions and cdk-nag), integration (the
          handlers on the local stand-ins) and end-to-end (Chromium). All must pass; <Cmd>.ci/run</Cmd> does
          steps 1 to 3 on a fresh machine.
        </li>
        <li>
          <strong>Synthesise the stack.</strong> <Cmd>npm run synth</Cmd> (<Cmd>cdk synth -c stage=dev</Cmd>)
          builds the whole CloudFormation template offline, with no credentials. Review any change to IAM, the
          table or the user pool in the diff (<Cmd>npx cdk diff -c stage=prod</Cmd>) before going on.
        </li>
        <li>
          <strong>Build the web app and check its budget.</strong> <Cmd>npm run build:web</Cmd> writes{' '}
          <Cmd>web/dist</Cmd>; <Cmd>npm run bench:web</Cmd> prints the landing page’s JavaScript and CSS
          (gzip) and the Lighthouse mobile scores. The landing page must stay within 100 KB of JavaScript.
        </li>
        <li>
          <strong>Deploy to a test stage and smoke-test it.</strong>{' '}
          <Cmd>npx cdk deploy -c stage=staging -c domain=…</Cmd>, then on the <Cmd>SiteUrl</Cmd> output: sign
          up, confirm from the e-mail, add a reminder, and as an admin run Self-Check and Email Test.
        </li>
        <li>
          <strong>Deploy production and watch it.</strong> <Cmd>npx cdk deploy -c stage=prod -c domain=…</Cmd>{' '}
          (prod retains the table and turns on deletion protection). Run the admin Self-Check, check that the
          reminder job runs every hour in Cron Logs, and watch the Lambda logs for errors.
        </li>
      </ol>

      <h2 id="testing-guide">Testing guide</h2>
      <ul>
        <li>
          <Cmd>npm test</Cmd> runs everything; <Cmd>npx vitest run --project unit</Cmd> (or <Cmd>web</Cmd>,{' '}
          <Cmd>infra</Cmd>, <Cmd>integration</Cmd>, <Cmd>e2e</Cmd>) runs one project.
        </li>
        <li>
          <strong>Unit</strong> tests cover pure code in <Cmd>shared/</Cmd> and the handlers’ helpers: days
          left and its badge, the zod schemas and their messages, the route manifest, the scheduler.
        </li>
        <li>
          <strong>Web</strong> tests render the React components in happy-dom with Testing Library, the
          network stubbed: the forms and every message they show, the session refresh, the public admin check.
        </li>
        <li>
          <strong>Infrastructure</strong> tests synthesise the CDK stack and assert on the template; cdk-nag
          (AwsSolutions) must report nothing unacknowledged.
        </li>
        <li>
          <strong>Integration</strong> tests start the real local stack (dynalite, cognito-local, the SES v2
          emulator, the local API adapter) with <Cmd>startTestStack()</Cmd> from{' '}
          <Cmd>test/support/stack.ts</Cmd>. The authorization matrix is generated from the route manifest:
          every route is called anonymously, as its owner, as another user and as an admin.
        </li>
        <li>
          <strong>End-to-end</strong> tests drive Debian’s Chromium through playwright-core against a
          production build (<Cmd>buildWeb()</Cmd>), at 390 px and 1280 px wide, and run axe-core on every
          page. Set <Cmd>CHROMIUM_PATH</Cmd> if Chromium is not at <Cmd>/usr/bin/chromium</Cmd>, and{' '}
          <Cmd>E2E_SKIP_BUILD=1</Cmd> to reuse an existing build.
        </li>
        <li>
          Every e-mail the stack sends lands in the mailbox; tests read it from the emulator’s{' '}
          <Cmd>/store</Cmd> endpoint, for example to follow the sign-up confirmation link.
        </li>
      </ul>

      <h2 id="developer-notes">Developer notes</h2>
      <ul>
        <li>
          <Cmd>npm start</Cmd> builds the web app and runs the whole product locally with no AWS account: the
          app on http://localhost:3000 and the mailbox on http://localhost:8005. <Cmd>npm run dev</Cmd> adds
          Vite with hot reload on port 5173; <Cmd>npm run reset</Cmd> wipes the local data in{' '}
          <Cmd>.local/</Cmd>.
        </li>
        <li>
          Each fact lives once, in <Cmd>shared/</Cmd>: the route manifest (<Cmd>shared/routes.ts</Cmd>), the
          table keys, the zod schemas and their messages, the categories with their lead intervals, countries
          and time zones. The web app and the Lambda handlers import the same modules.
        </li>
        <li>
          To add an API route, declare it in <Cmd>shared/routes.ts</Cmd> and write{' '}
          <Cmd>lambdas/handlers/api/&lt;name&gt;.ts</Cmd>: the CDK construct creates its Lambda and HTTP API
          route, the local adapter dispatches to it, and the authorization matrix tests it, all from that one
          entry.
        </li>
        <li>
          Admin is membership of the Cognito group <Cmd>{ADMIN_GROUP}</Cmd>, checked in the verified token on
          every admin route; the profile’s <Cmd>is_admin</Cmd> only mirrors it for the interface.
        </li>
        <li>
          The web app reads its runtime configuration from <Cmd>/config.json</Cmd>. Amplify, TanStack Query
          and the toaster load only with the signed-in pages; the public pages stay light and detect a
          possible session from local storage before loading any of them.
        </li>
        <li>
          Stages are CDK context: <Cmd>-c stage=NAME</Cmd>, plus <Cmd>domain</Cmd>, <Cmd>emailProvider</Cmd>{' '}
          and <Cmd>featureFlags</Cmd>. The stack is <Cmd>RenewalReminders-&#123;stage&#125;</Cmd> in eu-west-2
          (London) unless <Cmd>AWS_REGION</Cmd> says otherwise.
        </li>
      </ul>
    </ProsePage>
  );
}
