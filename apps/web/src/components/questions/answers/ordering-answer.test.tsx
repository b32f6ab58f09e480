import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { isAnswerComplete } from '../answer-input';
import { ordering } from '../test-fixtures';
import { OrderingAnswer } from './ordering-answer';

function Harness() {
  const [selection, setSelection] = useState<number[] | null>(null);
  return (
    <>
      <h2 id="q">{ordering.name}</h2>
      <OrderingAnswer question={ordering} selection={selection} onChange={setSelection} labelledBy="q" />
      <p data-testid="selection">{JSON.stringify(selection)}</p>
      <button type="button" disabled={!isAnswerComplete(ordering, selection)}>
        Valider
      </button>
    </>
  );
}

const chunkTexts = () =>
  within(screen.getByRole('list', { name: ordering.name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^\d+\.\s*/, ''));

describe('drag and drop, from the keyboard', () => {
  it('Move up / Move down reorder the chunks, announce the move and give the chunk order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(chunkTexts()).toEqual(['every four hours', 'The nurse', 'checks the drip']);
    // Submit waits for the learner's first move.
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: messages.placement.moveUp('every four hours') }),
    ).toBeDisabled();

    screen.getByRole('button', { name: messages.placement.moveDown('every four hours') }).focus();
    await user.keyboard('{Enter}');
    expect(chunkTexts()).toEqual(['The nurse', 'every four hours', 'checks the drip']);
    expect(screen.getByText(messages.placement.moved('every four hours', 2, 3))).toHaveAttribute(
      'aria-live',
      'polite',
    );

    await user.keyboard('{Enter}');
    expect(chunkTexts()).toEqual(['The nurse', 'checks the drip', 'every four hours']);
    // At the bottom, Move down is inactive: the focus stays on the chunk, on Move up.
    expect(screen.getByRole('button', { name: messages.placement.moveUp('every four hours') })).toHaveFocus();

    expect(screen.getByTestId('selection')).toHaveTextContent('[1,2,0]');
    expect(screen.getByRole('button', { name: 'Valider' })).toBeEnabled();
  });
});
