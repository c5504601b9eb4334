/** The words of the "Did you mean" choices (docs/product.md#result-view), shown word for word. */
export const DID_YOU_MEAN_TITLE = 'Did you mean';
export const ANSWERING_ALTERNATIVE = 'Answering the reading you chose...';
export const ALTERNATIVE_FAILED_MESSAGE = 'Failed to answer this reading';

/** 'Reading chosen by {email} on {date}'. */
export const readingChosenText = (email: string, date: string) => `Reading chosen by ${email} on ${date}`;
/** 'It replaced: {interpretation}', the answer the choice replaced. */
export const replacedReadingText = (interpretation: string) => `It replaced: ${interpretation}`;
