import type { ReactNode } from 'react';

interface BuilderToolbarProps {
  fileName: string;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onStartOver: () => void;
  /** More of the builder's actions ("Save as template"), shown where fields are placed. */
  extra?: ReactNode;
}

/** The file's name, undo and redo (also Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z), and starting over. */
export function BuilderToolbar(props: BuilderToolbarProps) {
  return (
    <div className="ps-doc-builder__toolbar" role="toolbar" aria-label="Field builder">
      <span className="ps-doc-builder__file">{props.fileName}</span>
      {props.readOnly ? null : (
        <>
          <button
            type="button"
            className="ps-button"
            disabled={!props.canUndo}
            onClick={props.onUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            Undo
          </button>
          <button
            type="button"
            className="ps-button"
            disabled={!props.canRedo}
            onClick={props.onRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          >
            Redo
          </button>
          {props.extra}
        </>
      )}
      <button type="button" className="ps-button" onClick={props.onStartOver}>
        Upload another PDF
      </button>
    </div>
  );
}
