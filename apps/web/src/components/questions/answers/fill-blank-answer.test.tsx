import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { isAnswerComplete } from '../answer-input';
import { fillblank } from '../test-fixtures';
import { FillBlankAnswer } from './fill-blank-answer';

function Harness() {
  const [selection, setSelection] = useState<number[] | null>(null);
  return (
    <>
      <FillBlankAnswer question={fillblank} selection={selection} onChange={setSelection} labelledBy="q" />
      <p data-testid="selection">{JSON.stringify(selection)}</p>
      <button type="button" disabled={!isAnswerComplete(fillblank, selection)}>
        Valider
      </button>
    </>
  );
}

const word = (text: string) => screen.getByRole('button', { name: text });
const sentence = () => screen.getByLabelText(messages.placement.yourSentence);

describe('fill in the blank (SPEC §5: as many picks as blanks, with a reset button)', () => {
  it('fills the blanks in order, one word each, then takes no more', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(word('Valider')).toBeDisabled();

    await user.click(word('roll up'));
    expect(sentence()).toHaveTextContent('Please roll up your sleeve so I can');
    // The same word cannot be picked twice.
    await user.click(word('roll up'));
    expect(screen.getByTestId('selection')).toHaveTextContent('[1]');
    expect(word('Valider')).toBeDisabled();

    await user.click(word('measure'));
    expect(sentence()).toHaveTextContent('Please roll up your sleeve so I can measure your blood pressure.');
    expect(screen.getByTestId('selection')).toHaveTextContent('[1,2]');
    expect(word('Valider')).toBeEnabled();

    // Two blanks, two picks: the other words are inactive.
    await user.click(word('take'));
    expect(word('take')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('selection')).toHaveTextContent('[1,2]');
  });

  it('clears the picks with Reset', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(word('open'));
    await user.click(word('take'));
    expect(screen.getByTestId('selection')).toHaveTextContent('[3,0]');

    await user.click(word(messages.placement.reset));

    expect(screen.getByTestId('selection')).toHaveTextContent('null');
    expect(word('open')).not.toHaveAttribute('aria-disabled');
    expect(word('Valider')).toBeDisabled();
    expect(word(messages.placement.reset)).toBeDisabled();
    // The focus stays in the word bank.
    expect(word('take')).toHaveFocus();
  });
});
