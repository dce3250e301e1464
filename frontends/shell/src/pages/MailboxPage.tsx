import { isApiError, useApiClient, useApiUrl } from '@prosign/api-client';
import { formatPacificDateTime, ROUTES } from '@prosign/domain';
import { ErrorPanel, LoadingState, PageHeader } from '@prosign/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSignedInStaff } from '../session/StaffSessionContext';

/** An attachment as the catcher listed it; `stored` ones can be downloaded. */
interface MailAttachment {
  filename: string | null;
  contentType: string;
  size: number;
  stored?: boolean;
}

interface MailSummary {
  id: string;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  receivedAt: string;
  attachments?: MailAttachment[];
}

interface MailboxList {
  messages: MailSummary[];
  total: number;
}

interface MailDetail extends MailSummary {
  html: string | null;
  text: string | null;
}

/** A signed contract the local file service recorded instead of the affiliate hub. */
interface FileServiceRecord {
  id: string;
  projectId: string;
  originalName: string;
  driveLink: string;
  fileType: string;
  receivedAt: string;
}

interface FileServiceRecordList {
  records: FileServiceRecord[];
  total: number;
}

/** Caught mail and file-service records appear within this time. */
const POLL_INTERVAL_MS = 5_000;

/**
 * The caught mail's HTML in a sandboxed frame: no scripts, no access to this
 * page; links open in a new tab (the sandbox lets only popups out).
 */
export function mailFrameDocument(html: string): string {
  return `<base target="_blank">${html}`;
}

/**
 * Mail caught by the local SMTP catcher, so send → open link → sign works offline.
 * Administrators only (as on the server): caught mail carries clients' signing links.
 */
export function MailboxPage() {
  const staff = useSignedInStaff();
  return staff.isAdmin ? <Mailbox /> : <AdminOnlyPage />;
}

/** The mailbox for someone who is not an administrator: nothing is fetched. */
function AdminOnlyPage() {
  return (
    <section className="status-page" aria-labelledby="mailbox-admin-only">
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <h1 id="mailbox-admin-only" className="status-page__title">
        No access
      </h1>
      <p className="status-page__message">
        The mailbox is for administrators only: caught mail carries clients&apos; signing links.
      </p>
      <Link className="ps-button ps-button--primary" to={ROUTES.home}>
        Go to the start page
      </Link>
    </section>
  );
}

function Mailbox() {
  const client = useApiClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['mailbox'],
    queryFn: ({ signal }) =>
      client.get<MailboxList>('/api/mailbox', { signal, query: { limit: 100 } }),
    refetchInterval: POLL_INTERVAL_MS,
  });
  const open = useQuery({
    queryKey: ['mailbox', openId],
    queryFn: ({ signal }) =>
      client.get<MailDetail>(`/api/mailbox/${encodeURIComponent(openId ?? '')}`, { signal }),
    enabled: openId !== null,
  });

  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Mail the local stack sent and files it registered with the file service. Nothing here left this machine."
        actions={
          <Link className="ps-button" to={ROUTES.webhookInbox}>
            Webhook inbox
          </Link>
        }
      />
      <h2>Caught mail</h2>
      {list.isPending ? (
        <LoadingState label="Loading the mailbox…" />
      ) : list.isError ? (
        <ErrorPanel
          title="The mailbox could not be loaded"
          message="The mailbox exists only when mail goes to the local catcher (MAIL_ADAPTER=local)."
          detail={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.messages.length === 0 ? (
        <p>No mail yet. Mail sent by ProSign appears here within a few seconds.</p>
      ) : (
        <div className="mailbox">
          <ul aria-label="Caught mail" className="mailbox__list">
            {list.data.messages.map((mail) => (
              <li key={mail.id}>
                <button
                  type="button"
                  aria-pressed={mail.id === openId}
                  onClick={() => setOpenId(mail.id)}
                  className="mailbox__item"
                >
                  <strong className="mailbox__subject">{mail.subject || '(no subject)'}</strong>
                  <span>To {mail.to.join(', ')}</span>
                  <small className="mailbox__meta">
                    From {mail.from} · {formatPacificDateTime(mail.receivedAt)}
                    {mail.attachments?.length
                      ? ` · ${mail.attachments.length} attachment${mail.attachments.length === 1 ? '' : 's'}`
                      : ''}
                  </small>
                </button>
              </li>
            ))}
          </ul>
          <section aria-label="Open mail" className="mailbox__reader">
            {openId === null ? (
              <p className="mailbox__hint">Choose a mail to read it.</p>
            ) : open.isPending ? (
              <LoadingState label="Opening the mail…" />
            ) : open.isError ? (
              <ErrorPanel
                title="This mail could not be opened"
                detail={open.error.message}
                onRetry={() => void open.refetch()}
              />
            ) : (
              <article>
                <h3>{open.data.subject || '(no subject)'}</h3>
                <p className="mailbox__meta">
                  From {open.data.from} to {open.data.to.join(', ')}
                  {open.data.cc.length > 0 ? `, cc ${open.data.cc.join(', ')}` : ''} ·{' '}
                  {formatPacificDateTime(open.data.receivedAt)}
                </p>
                <MailAttachments mailId={open.data.id} attachments={open.data.attachments ?? []} />
                {open.data.html ? (
                  <iframe
                    title={`Mail: ${open.data.subject}`}
                    sandbox="allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={mailFrameDocument(open.data.html)}
                    className="mailbox__frame"
                  />
                ) : (
                  <pre className="mailbox__text">{open.data.text ?? ''}</pre>
                )}
              </article>
            )}
          </section>
        </div>
      )}
      <FileServiceRecords />
    </>
  );
}

/** Bytes as people read them: "48 KB". */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A caught mail's attachments, each downloadable as it was sent (an invoice PDF, a signed copy). */
function MailAttachments({
  mailId,
  attachments,
}: {
  mailId: string;
  attachments: readonly MailAttachment[];
}) {
  const apiUrl = useApiUrl().replace(/\/+$/, '');
  if (attachments.length === 0) return null;
  return (
    <section aria-label="Attachments" className="mailbox__attachments">
      <h4 className="mailbox__attachments-title">Attachments</h4>
      <ul>
        {attachments.map((attachment, index) => {
          const name = attachment.filename ?? `Attachment ${index + 1}`;
          return (
            <li key={index}>
              {attachment.stored ? (
                <a
                  href={`${apiUrl}/api/mailbox/${encodeURIComponent(mailId)}/attachments/${index}`}
                  download={name}
                >
                  {name}
                </a>
              ) : (
                <span>{name} (too large to keep)</span>
              )}{' '}
              <small className="mailbox__meta">
                {attachment.contentType}, {fileSize(attachment.size)}
              </small>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What the embedded file service recorded (spec 3 §7: signed SOW PDFs
 * registered with the affiliate hub), so staff can check a registration.
 */
function FileServiceRecords() {
  const client = useApiClient();
  const records = useQuery({
    queryKey: ['file-service', 'records'],
    queryFn: ({ signal }) =>
      client.get<FileServiceRecordList>('/api/file-service/records', {
        signal,
        query: { limit: 100 },
      }),
    refetchInterval: POLL_INTERVAL_MS,
  });

  return (
    <section aria-labelledby="file-service-records" className="mailbox__files">
      <h2 id="file-service-records">File service records</h2>
      {records.isPending ? (
        <LoadingState label="Loading the file-service records…" />
      ) : records.isError ? (
        isApiError(records.error) && records.error.statusCode === 404 ? (
          <p>
            Files go to the real affiliate hub (FILE_SERVICE_ADAPTER=http), so none are recorded
            here.
          </p>
        ) : (
          <ErrorPanel
            title="The file-service records could not be loaded"
            detail={records.error.message}
            onRetry={() => void records.refetch()}
          />
        )
      ) : records.data.records.length === 0 ? (
        <p>No file registered yet. A signed SOW registered with the file service appears here.</p>
      ) : (
        <table aria-labelledby="file-service-records" className="mailbox__table">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Project</th>
              <th scope="col">File</th>
              <th scope="col">Type</th>
            </tr>
          </thead>
          <tbody>
            {records.data.records.map((record) => (
              <tr key={record.id}>
                <td>{formatPacificDateTime(record.receivedAt)}</td>
                <td>{record.projectId}</td>
                <td>
                  <a href={record.driveLink} target="_blank" rel="noopener noreferrer">
                    {record.originalName}
                  </a>
                </td>
                <td>{record.fileType}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
