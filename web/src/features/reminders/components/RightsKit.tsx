import { toast } from 'sonner';
import type { Quote, Reminder } from '#shared/api.ts';
import { rulesFor } from '#shared/rights/rules.ts';
import { whatToSay, type Message } from '#shared/rights/scripts.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { SourceLine } from '../../../components/NewTabLink.tsx';
import { downloadFile } from '../../../utils/download.ts';
import './RightsKit.css';

async function copy(message: Message) {
  try {
    await navigator.clipboard.writeText(message.text);
    toast.success('Copied', { description: `${message.title}: paste it into an e-mail or a letter.` });
  } catch {
    toast.error('Error', { description: 'Could not copy the message: select it and copy it yourself.' });
  }
}

/**
 * One message in a disclosure: its note, its text, and 'Copy' and 'Download .txt', each named for
 * the message ('Copy: Cancel auto-renewal'), as a page may have several.
 */
function MessageCard({ message }: { message: Message }) {
  return (
    <details className="rights-message">
      <summary>{message.title}</summary>
      {message.note && <p className="muted rights-note">{message.note}</p>}
      <pre className="rights-letter">
        <AmountText text={message.text} />
      </pre>
      <div className="rights-actions">
        <button
          type="button"
          className="btn btn-outline"
          aria-label={`Copy: ${message.title}`}
          onClick={() => void copy(message)}
        >
          Copy
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={`Download .txt: ${message.title}`}
          onClick={() => downloadFile(message.text, message.filename, 'text/plain;charset=utf-8')}
        >
          Download .txt
        </button>
      </div>
    </details>
  );
}

/**
 * 'Your rights and what to say': the UK rules of the reminder's category (shared/rights/rules.ts),
 * each with its source and the day it was reviewed; a script for a call; and the messages that fit
 * the category, filled with the reminder's provider, date, price and quotes, each to copy or save
 * as a .txt file. Nothing is sent for the user.
 */
export function RightsKit({ reminder, quotes }: { reminder: Reminder; quotes: readonly Quote[] }) {
  const rules = rulesFor(reminder);
  const { script, aside, messages } = whatToSay(reminder, quotes);
  return (
    <section className="card rights-kit" aria-labelledby="rights-heading">
      <h2 id="rights-heading" className="card-title">
        Your rights and what to say
      </h2>
      <h3>Your rights</h3>
      <ul className="rights-rules">
        {rules.map((rule) => (
          <li key={rule.id}>
            <p>{rule.says}</p>
            <SourceLine className="rights-source" source={rule.source} reviewed={rule.reviewed} />
          </li>
        ))}
      </ul>
      <h3>What to say</h3>
      <p className="rights-script">
        <AmountText text={script} />
      </p>
      {aside && <p className="muted">{aside}</p>}
      {messages.length > 0 && (
        <>
          <p className="muted">
            Messages to copy or save, filled in from this reminder. Fill in anything in [brackets] and send
            them yourself: nothing is sent for you.
          </p>
          {messages.map((message) => (
            <MessageCard key={message.kind} message={message} />
          ))}
        </>
      )}
    </section>
  );
}
