/**
 * Per-user usage (docs/product.md#usage-dialog): loading, error or data; the data view shows the total,
 * the number of months and one bar per month, each bar growing in 100 ms after the one above it.
 */
import type { MonthlyUsage, UsageResponse } from '@qa/contracts';
import { BarChart3 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { detailOr } from '../../../lib/api-client';
import { useUserUsage } from '../api/get-user-usage';
import {
  formatCostPerMessage,
  formatMonthLabel,
  formatMonthlyUsd,
  formatUsd,
  USAGE_BAR_STAGGER_MS,
  usageBarPercent,
} from '../utils/usage-format';
import { USER_MESSAGES } from '../utils/user-messages';

export function UsageDialog({ id, email, onClose }: { id: string; email: string; onClose: () => void }) {
  const usage = useUserUsage({ id });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Usage"
      description={email}
      size="lg"
      data-testid="usage-dialog"
    >
      {usage.isPending ? (
        <div className="flex items-center justify-center gap-3 py-12 text-sm text-slate-500">
          <Spinner label="Loading usage data" />
          Loading usage data...
        </div>
      ) : usage.isError ? (
        <ErrorAlert>{detailOr(usage.error, USER_MESSAGES.usageFailed)}</ErrorAlert>
      ) : (
        <UsageDetails data={usage.data} />
      )}
    </Modal>
  );
}

function hasUsage(data: UsageResponse): boolean {
  return data.monthly_breakdown.some((m) => m.message_count > 0 || m.cost_usd > 0) || data.total_cost_usd > 0;
}

function UsageDetails({ data }: { data: UsageResponse }) {
  if (!hasUsage(data)) {
    return (
      <EmptyState
        icon={BarChart3}
        title={USER_MESSAGES.noUsage}
        detail={USER_MESSAGES.noMessages}
        className="py-10"
      />
    );
  }

  const months = [...data.monthly_breakdown].sort((a, b) => b.month.localeCompare(a.month));
  const maxCost = Math.max(0, ...months.map((m) => m.cost_usd));
  const totalMessages = months.reduce((sum, m) => sum + m.message_count, 0);

  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-3 gap-3">
        <Stat label="Total usage" value={formatUsd(data.total_cost_usd)} testId="usage-total" />
        <Stat label="Months" value={`${months.length} ${months.length === 1 ? 'month' : 'months'}`} />
        <Stat label="Messages" value={totalMessages.toLocaleString('en-GB')} />
      </dl>
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Monthly breakdown</h3>
        <ol className="mt-3 space-y-4">
          {months.map((month, index) => (
            <MonthRow
              key={month.month}
              month={month}
              percent={usageBarPercent(month.cost_usd, maxCost)}
              index={index}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function MonthRow({ month, percent, index }: { month: MonthlyUsage; percent: number; index: number }) {
  // Start at zero width and grow on the next frame so the CSS transition runs; each month waits 100 ms more.
  const [grown, setGrown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setGrown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const perMessage = formatCostPerMessage(month.cost_usd, month.message_count);

  return (
    <li data-testid="usage-month">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">{formatMonthLabel(month.month)}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatMonthlyUsd(month.cost_usd)}</span>
      </div>
      <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100">
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-600 transition-[width] duration-700 ease-out"
          style={{
            width: grown ? `${percent}%` : '0%',
            transitionDelay: `${index * USAGE_BAR_STAGGER_MS}ms`,
          }}
          role="presentation"
        />
      </div>
      <p className="mt-1.5 text-xs text-slate-500 tabular-nums">
        {month.message_count.toLocaleString('en-GB')} {month.message_count === 1 ? 'message' : 'messages'} ·{' '}
        {month.sessions_count.toLocaleString('en-GB')} {month.sessions_count === 1 ? 'session' : 'sessions'}
        {perMessage ? ` · ${perMessage} per message` : ''}
      </p>
    </li>
  );
}
