/**
 * An AWS SDK v3 client for code that takes its client as an argument: `send` keeps each command it
 * is sent, in order, and answers it with `answer` (what it returns, or throws). Nothing else of the
 * SDK is touched, so nothing outlives the test that made it, and a file using it can share its
 * worker with others (vitest.config.ts).
 */
export interface FakeClient<Client> {
  client: Client;
  /** Every command sent so far. */
  sent: object[];
  /** The inputs of the commands of one kind sent so far, in order. */
  inputsOf<Input>(command: abstract new (input: Input) => { input: Input }): Input[];
}

export function fakeClient<Client extends { send: unknown }>(
  answer: (command: object) => unknown,
): FakeClient<Client> {
  const sent: object[] = [];
  // Async, as the SDK's send is: a throwing answer is a rejected call.
  const send = async (command: object) => {
    sent.push(command);
    return answer(command);
  };
  return {
    client: { send } as unknown as Client,
    sent,
    inputsOf: (command) => sent.filter((c) => c instanceof command).map((c) => (c as { input: never }).input),
  };
}
