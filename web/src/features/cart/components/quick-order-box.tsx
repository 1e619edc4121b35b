import { QUICK_ORDER_MAX_BYTES } from '@torque/contract/cart-rules';
import type { QuickOrderResult } from '@torque/contract';
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useQuickOrder, type QuickOrderInput } from '../api/quick-order.ts';
import { QuickOrderResultView } from './quick-order-result.tsx';

const tooBig = `That is more than the ${QUICK_ORDER_MAX_BYTES / 1024} KB a quick order takes: split it in two.`;

/**
 * Quick order: lines of `part number, quantity` pasted from a spreadsheet (comma, tab or spaces
 * between them) or a CSV file, sent as they are; the server parses them (one parser, the same
 * line numbers in its answer as the buyer sees here). Memoised (it takes nothing from the cart):
 * the cart renders again as each of its queries answers (issue 31).
 */
export const QuickOrderBox = memo(function QuickOrderBox() {
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const quickOrder = useQuickOrder();

  function send(input: QuickOrderInput) {
    setProblem(null);
    if (new Blob([input.text]).size > QUICK_ORDER_MAX_BYTES) return setProblem(tooBig);
    quickOrder.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        if (input.type === 'text/plain' && answer.errors.length === 0) setText('');
      },
      onError: (error) => setProblem(error.message),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setProblem('Paste at least one line: a part number and a quantity.');
    send({ text, type: 'text/plain' });
  }

  async function onFile() {
    const file = fileRef.current?.files?.[0];
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_BYTES) return setProblem(tooBig);
    const content = await file.text();
    if (fileRef.current) fileRef.current.value = '';
    send({ text: content, type: 'text/csv' });
  }

  return (
    <section aria-labelledby={`${textId}-heading`} className="card border border-base-300 bg-base-100 shadow-sm">
      <form noValidate className="card-body gap-3 p-4" onSubmit={onSubmit}>
        <h2 id={`${textId}-heading`} className="card-title text-lg">
          Quick order
        </h2>
        <label htmlFor={textId} className="text-sm">
          Paste lines of <span className="font-semibold">part number, quantity</span> (from a spreadsheet: comma, tab or
          spaces between them). OE and competitors' numbers work too.
        </label>
        <textarea
          id={textId}
          className="textarea h-32 w-full font-mono"
          placeholder={'BP-4471, 20\n1K0 698 151\t10'}
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-primary btn-sm" disabled={quickOrder.isPending}>
            {quickOrder.isPending ? <Spinner size="sm" /> : null}
            Add lines to cart
          </button>
          <label htmlFor={fileId} className="text-sm">
            or upload a CSV file:
          </label>
          <input
            id={fileId}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="file-input file-input-sm w-full max-w-xs"
            disabled={quickOrder.isPending}
            onChange={() => void onFile()}
          />
        </div>
        <FormError message={problem} />
        {/* Always there, so what a quick order did is read out when it arrives. */}
        <div aria-live="polite">{result ? <QuickOrderResultView result={result} /> : null}</div>
      </form>
    </section>
  );
});
