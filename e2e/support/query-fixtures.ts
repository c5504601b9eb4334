/** The query tool's page objects as fixtures, on top of the shared ones. */
import { HistoryPage } from '../pages/history-page';
import { QueryDetailPage } from '../pages/query-detail-page';
import { QueryPage } from '../pages/query-page';
import { test as base } from './fixtures';

export const test = base.extend<{
  queryPage: QueryPage;
  historyPage: HistoryPage;
  detailPage: QueryDetailPage;
}>({
  queryPage: async ({ page }, use) => use(new QueryPage(page)),
  historyPage: async ({ page }, use) => use(new HistoryPage(page)),
  detailPage: async ({ page }, use) => use(new QueryDetailPage(page)),
});

export { expect } from '@playwright/test';
