/**
 * The correction form of one queued answer: the plan's own fields (dataset, measure, technology, networks, place
 * level and places, grouping, ranking, dates), each with the semantic model's choices and the warehouse's names,
 * and the whole plan as JSON for anything else. Preview answers it without saving; "Save as verified" replaces the
 * answer and verifies it (the replaced answer is kept in the review trail).
 */
import type { QueryResult, ReviewChoices, ReviewItem } from '@qa/contracts';
import { BadgeCheck, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { InterpretationBanner } from '../../../components/query-result/interpretation-banner';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NativeSelect, Textarea } from '../../../components/ui/input';
import { previewErrorMessage, usePreviewReading } from '../api/preview-reading';
import { saveErrorMessage, useSaveVerifiedReading } from '../api/save-verified-reading';
import { fieldValue, type PlanField, type PlanJson, setField, startingPlan } from '../utils/plan-form';
import { CsvPreview } from './csv-preview';

export function CorrectionForm({
  item,
  choices,
  onSaved,
}: {
  item: ReviewItem;
  choices: ReviewChoices;
  onSaved: () => void;
}) {
  const id = useId();
  const [plan, setPlan] = useState<PlanJson>(() => startingPlan(item.plan));
  const [json, setJson] = useState(() => JSON.stringify(plan, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [preview, setPreview] = useState<QueryResult | null>(null);
  const previewing = usePreviewReading();
  const save = useSaveVerifiedReading();

  const update = (next: PlanJson) => {
    setPlan(next);
    setJson(JSON.stringify(next, null, 2));
    setPreview(null);
  };
  const set = (field: PlanField) => (value: string) => update(setField(plan, field, value));
  const select = (field: PlanField, label: string, options: { id: string; label: string }[]) => (
    <Field label={label} htmlFor={`${id}-${field}`}>
      <NativeSelect
        id={`${id}-${field}`}
        value={fieldValue(plan, field)}
        onChange={(event) => set(field)(event.target.value)}
        data-testid={`correct-${field}`}
      >
        <option value="">(none)</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label} ({option.id})
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
  const text = (field: PlanField, label: string, hint: string, list?: string) => (
    <Field label={label} htmlFor={`${id}-${field}`} hint={hint}>
      <Input
        id={`${id}-${field}`}
        value={fieldValue(plan, field)}
        onChange={(event) => set(field)(event.target.value)}
        list={list}
        data-testid={`correct-${field}`}
      />
    </Field>
  );
  const places = [...choices.nations, ...choices.regions, ...choices.local_authorities];

  return (
    <div
      className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      data-testid="correction-form"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {select('dataset', 'Dataset', choices.datasets)}
        {select('measure', 'Measure', choices.measures)}
        {select('tech', 'Technology', choices.technologies)}
        {text('networks', 'Networks', 'Comma-separated, as the data names them', `${id}-networks`)}
        {select('placeLevel', 'Place level', choices.place_levels)}
        {text('places', 'Places', 'Comma-separated, as the data names them', `${id}-places`)}
        {select('dimension', 'Grouping (one row per)', choices.dimensions)}
        {select('order', 'Ranking', [
          { id: 'desc', label: 'most first' },
          { id: 'asc', label: 'least first' },
        ])}
        {text('limit', 'Rows kept', 'A number, for a ranking')}
        {text('at', 'Snapshot date', `YYYY-MM-DD, ${choices.earliest} to ${choices.latest}`)}
        {text('from', 'Change from', 'YYYY-MM-DD')}
        {text('to', 'Change to', 'YYYY-MM-DD')}
      </div>
      <datalist id={`${id}-networks`}>
        {choices.networks.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={`${id}-places`}>
        {places.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field
        label="The whole plan (JSON)"
        htmlFor={`${id}-json`}
        hint="For the plan's other fields (filters, output shape); docs/semantic-plan.md describes them"
        error={jsonError}
      >
        <Textarea
          id={`${id}-json`}
          rows={8}
          className="font-mono text-xs"
          value={json}
          onChange={(event) => setJson(event.target.value)}
          onBlur={() => {
            try {
              const parsed = JSON.parse(json) as unknown;
              if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
                throw new Error('not an object');
              setJsonError(null);
              update(parsed as PlanJson);
            } catch {
              setJsonError('This is not a JSON object');
            }
          }}
          data-testid="correct-json"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={previewing.isPending || jsonError !== null}
          onClick={() => previewing.mutate({ queryId: item.id, plan }, { onSuccess: setPreview })}
          data-testid="preview-button"
        >
          <Eye aria-hidden />
          {previewing.isPending ? 'Answering...' : 'Preview'}
        </Button>
        <Button
          disabled={save.isPending || jsonError !== null}
          onClick={() => save.mutate({ queryId: item.id, plan }, { onSuccess: onSaved })}
          data-testid="save-verified-button"
        >
          <BadgeCheck aria-hidden />
          {save.isPending ? 'Saving...' : 'Save as verified'}
        </Button>
      </div>
      {previewing.isError ? <ErrorAlert>{previewErrorMessage(previewing.error)}</ErrorAlert> : null}
      {save.isError ? <ErrorAlert>{saveErrorMessage(save.error)}</ErrorAlert> : null}
      {preview ? (
        <div className="space-y-2" data-testid="preview-result">
          <InterpretationBanner interpretation={preview.interpretation} />
          {preview.response_type === 'data_query' ? (
            <CsvPreview csv={preview.csv_results ?? null} rowCount={preview.row_count ?? null} />
          ) : (
            <p className="text-sm text-slate-700">{preview.message}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
