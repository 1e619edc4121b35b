import { toast } from '@/lib/toast.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { formatCount } from '@/lib/format.ts';
import { useMessages, useSetHandled } from '../api/contact-messages.ts';
import { useListParams } from '@/lib/list-params.ts';
import { Pager } from '@/components/ui/list-controls.tsx';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';

const VIEWS = [
  { value: 'false', label: 'Open' },
  { value: 'true', label: 'Handled' },
  { value: 'all', label: 'All' },
] as const;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `/dashboard/messages` (admin): the contact form's messages, newest first; mark them handled. */
export default function MessagesPage() {
  const list = useListParams(['handled'] as const);
  // Open messages unless the URL says otherwise ("all" sends no filter).
  const view = list.filters.handled || 'false';
  const apiQuery = new URLSearchParams(list.query);
  if (view === 'all') apiQuery.delete('handled');
  else apiQuery.set('handled', view);
  const messages = useMessages(apiQuery.toString());
  const setHandled = useSetHandled();

  function toggle(id: string, handled: boolean) {
    setHandled.mutate(
      { id, handled },
      {
        onSuccess: () => toast.success(handled ? 'message marked handled' : 'message reopened'),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Messages">
        {messages.data ? (
          <CountHeading>
            {VIEWS.find((v) => v.value === view)?.label} messages: {formatCount(messages.data.total)}
          </CountHeading>
        ) : null}
      </PageHeader>
      <div role="group" aria-label="Show" className="join">
        {VIEWS.map((v) => (
          <button
            key={v.value}
            type="button"
            className={`btn btn-sm join-item ${view === v.value ? 'btn-active btn-primary' : ''}`}
            aria-pressed={view === v.value}
            onClick={() => list.setFilter('handled', v.value === 'false' ? '' : v.value)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <QueryResult query={messages} what="the messages">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={view === 'false' ? 'No open messages' : 'No messages'}>
              <p className="text-base-content/80">Messages sent through the contact form appear here.</p>
            </EmptyState>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {page.items.map((m) => (
                  <li key={m._id}>
                    <article
                      aria-labelledby={`message-${m._id}`}
                      className="card card-border border-base-300 bg-base-100"
                    >
                      <div className="card-body gap-2 p-4">
                        <div className="flex flex-wrap items-baseline justify-between gap-2">
                          <h3 id={`message-${m._id}`} className="card-title text-base break-words">
                            {m.subject}
                          </h3>
                          <time dateTime={m.createdAt} className="text-sm text-base-content/80">
                            {dateTime.format(new Date(m.createdAt))}
                          </time>
                        </div>
                        <p className="text-sm break-all">
                          From{' '}
                          <a href={`mailto:${m.email}`} className="link">
                            {m.email}
                          </a>
                        </p>
                        <p className="whitespace-pre-wrap break-words">{m.message}</p>
                        <div className="card-actions items-center justify-end">
                          {m.handled ? <span className="badge badge-success badge-sm">Handled</span> : null}
                          <button
                            type="button"
                            className={`btn btn-sm ${m.handled ? 'btn-outline' : 'btn-primary'}`}
                            disabled={setHandled.isPending}
                            onClick={() => toggle(m._id, !m.handled)}
                          >
                            {m.handled ? 'Reopen' : 'Mark handled'}
                          </button>
                        </div>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
              <Pager atStart={!list.cursor} nextCursor={page.nextCursor} onPage={list.goTo} />
            </>
          )
        }
      </QueryResult>
    </section>
  );
}
