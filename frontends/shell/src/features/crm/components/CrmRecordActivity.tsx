import { useApiUrl } from '@prosign/api-client';
import { crmFilePath, formatPacificDateTime, type CrmRecordActivityView } from '@prosign/domain';
import { useId } from 'react';
import { CRM_RECORD_TEXTS as T, CRM_RECORD_TYPE_LABELS } from '../utils/crm-texts';
import { fileSizeLabel } from '../utils/text-with-links';
import { NoteBody } from './NoteBody';

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatPacificDateTime(at)}</time>;
}

/** A CRM record with its stage history, notes and files. */
export function CrmRecordActivity({ record }: { record: CrmRecordActivityView }) {
  const apiUrl = useApiUrl().replace(/\/+$/, '');
  const fileHref = (fileId: string) => `${apiUrl}${crmFilePath(fileId)}`;
  const ids = { record: useId(), history: useId(), notes: useId(), files: useId() };

  return (
    <>
      <section className="ps-card crm-record" aria-labelledby={ids.record}>
        <h2 id={ids.record} className="crm-record__name">
          {record.name}
        </h2>
        <dl className="crm-facts">
          <div>
            <dt>{CRM_RECORD_TYPE_LABELS[record.type]}</dt>
            <dd>{record.id}</dd>
          </div>
          {record.pipeline ? (
            <div>
              <dt>Pipeline</dt>
              <dd>{record.pipeline.label}</dd>
            </div>
          ) : null}
          {record.stage ? (
            <div>
              <dt>Stage</dt>
              <dd>
                <strong>{record.stage.label}</strong>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>

      {record.type === 'deals' ? (
        <section className="ps-card" aria-labelledby={ids.history}>
          <h2 id={ids.history} className="crm-section-title">
            {T.history}
          </h2>
          {record.stageHistory.length === 0 ? (
            <p className="crm-muted">{T.noHistory}</p>
          ) : (
            <ol className="crm-timeline">
              {record.stageHistory.map((move, index) => (
                <li key={`${move.at}-${index}`} className="crm-timeline__item">
                  <Time at={move.at} />
                  <span className="crm-timeline__move">
                    {move.from ? (
                      <>
                        {move.from.label}
                        <span aria-hidden="true"> → </span>
                        <span className="visually-hidden"> to </span>
                      </>
                    ) : (
                      <span className="crm-muted">{'Set to '}</span>
                    )}
                    <strong>{move.to.label}</strong>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}

      <section className="ps-card" aria-labelledby={ids.notes}>
        <h2 id={ids.notes} className="crm-section-title">
          {T.notes}
        </h2>
        {record.notes.length === 0 ? (
          <p className="crm-muted">{T.noNotes}</p>
        ) : (
          <ol className="crm-notes" aria-label={`${T.notes}, newest first`}>
            {record.notes.map((note) => (
              <li key={note.id} className="crm-note">
                <Time at={note.at} />
                <NoteBody text={note.body} />
                {note.attachments.length > 0 ? (
                  <ul className="crm-note__attachments" aria-label="Attachments">
                    {note.attachments.map((file) => (
                      <li key={file.id}>
                        <a href={fileHref(file.id)} target="_blank" rel="noopener noreferrer">
                          {file.name}
                        </a>{' '}
                        <span className="crm-muted">({fileSizeLabel(file.size)})</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="ps-card" aria-labelledby={ids.files}>
        <h2 id={ids.files} className="crm-section-title">
          {T.files}
        </h2>
        {record.files.length === 0 ? (
          <p className="crm-muted">{T.noFiles}</p>
        ) : (
          <ul className="crm-files">
            {record.files.map((file) => (
              <li key={file.id} className="crm-file">
                <a href={fileHref(file.id)} target="_blank" rel="noopener noreferrer">
                  {file.name}
                </a>
                <span className="crm-muted">
                  {`${file.folder} · ${fileSizeLabel(file.size)} · `}
                  <Time at={file.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
