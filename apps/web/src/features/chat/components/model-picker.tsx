/**
 * The model picker above the input: the models the server offers, each with its prices per
 * million tokens and context window, and 'this model is expensive' on models whose output price is $10 or
 * more. The choice persists (see useSelectedModel).
 */
import { EXPENSIVE_MODEL_WARNING, type ModelInfo } from '@qa/contracts';
import { Check, ChevronDown, Cpu, TriangleAlert } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { cn } from '../../../lib/cn';
import { formatPrice, formatTokens, isFreeModel, NO_COST_LABEL } from '../utils/usage-format';

export function ModelPicker({
  models,
  selected,
  onSelect,
  loading,
  onOpenChange,
}: {
  models: ModelInfo[];
  selected: ModelInfo | null;
  onSelect: (id: string) => void;
  loading: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="model-picker">
      <Menu.Root modal={false} onOpenChange={onOpenChange}>
        <Menu.Trigger
          disabled={loading || models.length === 0}
          className="inline-flex min-w-0 items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 data-[state=open]:bg-slate-100"
        >
          <Cpu aria-hidden className="size-3.5 text-slate-500" />
          {/* The name says what the button picks and includes its visible text (WCAG 2.5.3). */}
          <span className="sr-only">Model: </span>
          <span className="truncate" data-testid="selected-model">
            {loading ? 'Loading models…' : (selected?.label ?? 'No model available')}
          </span>
          <ChevronDown aria-hidden className="size-3.5 text-slate-500" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            side="top"
            align="start"
            sideOffset={6}
            className="z-50 max-h-[min(28rem,var(--radix-dropdown-menu-content-available-height))] w-80 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 animate-fade-in"
          >
            <Menu.Label className="px-2.5 pt-1.5 pb-1 text-xs font-medium text-slate-500">Model</Menu.Label>
            <Menu.RadioGroup value={selected?.id ?? ''} onValueChange={onSelect}>
              {models.map((model) => (
                <Menu.RadioItem
                  key={model.id}
                  value={model.id}
                  className="flex cursor-pointer gap-2.5 rounded-md px-2.5 py-2 outline-none select-none data-[highlighted]:bg-slate-100"
                  data-testid="model-option"
                >
                  <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
                    <Menu.ItemIndicator>
                      <Check aria-hidden className="size-4 text-brand-600" />
                    </Menu.ItemIndicator>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium text-slate-800">{model.label}</span>
                    <span className="block text-xs text-slate-500">
                      {isFreeModel(model) ? NO_COST_LABEL : formatPrice(model.pricing)} ·{' '}
                      {formatTokens(model.pricing.context_window)} context
                    </span>
                    {model.expensive ? <ExpensiveWarning className="mt-1" /> : null}
                  </span>
                </Menu.RadioItem>
              ))}
            </Menu.RadioGroup>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {selected && !loading ? (
        <span className="hidden truncate text-xs text-slate-600 sm:inline" data-testid="model-price">
          {isFreeModel(selected) ? NO_COST_LABEL : formatPrice(selected.pricing)}
        </span>
      ) : null}
      {selected?.expensive ? <ExpensiveWarning /> : null}
    </div>
  );
}

function ExpensiveWarning({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs font-medium text-amber-700', className)}
      data-testid="expensive-warning"
    >
      <TriangleAlert aria-hidden className="size-3.5" />
      {EXPENSIVE_MODEL_WARNING}
    </span>
  );
}
