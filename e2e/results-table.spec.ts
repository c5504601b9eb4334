/**
 * The result table sorts by a column (numbers by value) and filters rows; a filter narrows what Download
 * exports and the button says so, sorting does not change it.
 */
import { readFile } from 'node:fs/promises';
import { askViaApi } from './support/api';
import { ADMIN_STORAGE_STATE } from './support/env';
import { expect, test } from './support/fixtures';

test.use({ storageState: ADMIN_STORAGE_STATE });

function parse(csv: string): { columns: string[]; rows: string[][] } {
  // The region answer has no quoted commas or line breaks, so a plain split is exact here.
  const [header = '', ...lines] = csv.trim().split(/\r?\n/);
  const cells = (line: string) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1'));
  return { columns: cells(header), rows: lines.map(cells) };
}

test('sort a column by value and filter the rows', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { id, csv_results } = await askViaApi(request, 'How many premises are there in each region?');
  const { columns, rows } = parse(csv_results);
  expect(rows.length).toBeGreaterThan(3);
  const numericIndex = columns.findIndex((_, c) => rows.every((row) => /^-?\d+(\.\d+)?$/.test(row[c] ?? '')));
  const textIndex = columns.findIndex((_, c) => rows.some((row) => /[a-z]/i.test(row[c] ?? '')));
  expect(numericIndex).toBeGreaterThanOrEqual(0);
  expect(textIndex).toBeGreaterThanOrEqual(0);

  await page.goto(`/results/${id}`);
  const table = page.getByTestId('results-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  const bodyRows = table.getByTestId('results-row');
  await expect(bodyRows).toHaveCount(rows.length);

  const cellTexts = (column: number) =>
    bodyRows.evaluateAll(
      (trs, c) => trs.map((tr) => (tr.querySelectorAll('td')[c + 1]?.textContent ?? '').replace(/,/g, '')),
      column,
    );

  // Sort the numeric column: ascending by value on the first activation (keyboard), descending on the second.
  const numericHeader = table.getByRole('columnheader', { name: columns[numericIndex] });
  const numericButton = numericHeader.getByRole('button');
  await numericButton.focus();
  await page.keyboard.press('Enter');
  await expect(numericHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = rows.map((row) => Number(row[numericIndex])).sort((a, b) => a - b);
  expect((await cellTexts(numericIndex)).map(Number)).toEqual(ascending);
  await numericButton.click();
  await expect(numericHeader).toHaveAttribute('aria-sort', 'descending');
  expect((await cellTexts(numericIndex)).map(Number)).toEqual([...ascending].reverse());
  await expect(page.getByTestId('results-view-note')).toContainText(`Sorted by ${columns[numericIndex]}`);

  // Sorting does not change the download: still the query's result, byte for byte.
  const download = page.getByTestId('download-csv');
  await expect(download).toHaveText('Download CSV');
  const [whole] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(await readFile((await whole.path())!, 'utf8')).toBe(csv_results);

  // Filter by a fragment of the first row's name: the table shows exactly the matching rows.
  const fragment = (rows[0]?.[textIndex] ?? '').slice(0, 4).toLowerCase();
  const expected = rows.filter((row) => row.some((cell) => cell.toLowerCase().includes(fragment)));
  await page.getByLabel('Filter rows').fill(fragment.toUpperCase());
  await expect(bodyRows).toHaveCount(expected.length);
  const of = `${expected.length} of ${rows.length} rows`;
  await expect(page.getByTestId('results-view-note')).toHaveText(
    `Showing ${of}. Copy and Download use these rows.`,
  );
  await expect(download).toHaveText(`Download CSV (${of})`);
  await expect(page.getByRole('button', { name: new RegExp(`Copy ${of}`) })).toBeVisible();
  const [part] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const partRows = parse(await readFile((await part.path())!, 'utf8')).rows;
  expect(partRows).toEqual(expected);

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(bodyRows).toHaveCount(rows.length);
});
