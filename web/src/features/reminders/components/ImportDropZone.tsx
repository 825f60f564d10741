import { useRef, useState, type DragEvent, type RefObject } from 'react';

const ACCEPT = '.csv,.json,text/csv,application/json';

/**
 * Where the file comes from: dropped on the zone, or picked through 'Choose a file' (the real file
 * input stays hidden, as browsers style it each their own way, and is reached through the button).
 */
export function ImportDropZone({
  id,
  chooseRef,
  disabled,
  name,
  errorId,
  onChoose,
}: {
  id: string;
  chooseRef: RefObject<HTMLButtonElement | null>;
  disabled: boolean;
  /** The chosen file's name, once there is one. */
  name: string | null;
  /** The message that describes the choice, when the file was refused. */
  errorId: string | null;
  onChoose: (file: File | undefined) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onChoose(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`import-drop${dragging ? ' import-drop-active' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className="import-drop-hint">Drop the file here, or</p>
      <button
        ref={chooseRef}
        type="button"
        className="btn btn-primary btn-sm"
        disabled={disabled}
        aria-describedby={errorId ?? undefined}
        onClick={() => inputRef.current?.click()}
      >
        Choose a file
      </button>
      {name && <p className="import-drop-name">{name}</p>}
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="File"
        accept={ACCEPT}
        disabled={disabled}
        aria-invalid={errorId !== null}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
    </div>
  );
}
