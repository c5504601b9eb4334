import type { LucideIcon } from 'lucide-react';
import { Markdown } from '../markdown/markdown';
import { ResultSection } from './result-section';

export function MarkdownSection({
  title,
  icon,
  text,
  'data-testid': testId,
}: {
  title: string;
  icon: LucideIcon;
  text: string;
  'data-testid'?: string;
}) {
  return (
    <ResultSection title={title} icon={icon} data-testid={testId}>
      <Markdown>{text}</Markdown>
    </ResultSection>
  );
}
