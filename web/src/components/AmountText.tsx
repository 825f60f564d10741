/**
 * Text with amounts in it, each amount with its period ('£10.99/month', '£131.88/yr') kept on one
 * line: a browser may otherwise break the line after the slash, leaving '£10.99/' and 'month'.
 * The words around them wrap as usual.
 */
const WITH_PERIOD = /(£[\d,]+\.\d{2}\/[a-z]+)/;

export function AmountText({ text }: { text: string }) {
  return (
    <>
      {text.split(WITH_PERIOD).map((part, i) =>
        // split() with a capturing group puts the matches at the odd places.
        i % 2 === 1 ? (
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
