/** `npm run reset`: wipes the local stack's accounts, reminders and logs (.local/). */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/local/stack.ts';

const dir = path.join(ROOT, '.local');
fs.rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next \`npm start\` begins with no accounts and no reminders.`);
