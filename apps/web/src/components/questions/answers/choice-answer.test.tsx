import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlacementQuestion } from '@medenglish/shared';
import { isAnswerComplete } from '../answer-input';
import { mcq, tof } from '../test-fixtures';
import { ChoiceAnswer } from './choice-answer';

/** The control with the state the question screen gives it, and a submit that needs an answer. */
function Harness({ question, onSubmit }: { question: PlacementQuestion; onSubmit(s: number[]): void }) {
  const [selection, setSelection] = useState<number[] | null>(null);
  return (
    <>
      <h2 id="q">{question.name}</h2>
      <ChoiceAnswer question={question} selection={selection} onChange={setSelection} labelledBy="q" />
      <button
        type="button"
        disabled={!isAnswerComplete(question, selection)}
        onClick={() => onSubmit(selection!)}
      >
        Valider
      </button>
    </>
  );
}

describe('multiple choice and true/false', () => {
  it('mcq: choosing an option enables submit and gives [option index]', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness question={mcq} onSubmit={onSubmit} />);

    expect(screen.getByRole('radiogroup', { name: mcq.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'admit' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onSubmit).toHaveBeenCalledWith([2]);
  });

  it('tof: True is [0] and False is [1], also from the keyboard', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness question={tof} onSubmit={onSubmit} />);

    await user.click(screen.getByRole('radio', { name: 'True' }));
    expect(screen.getByRole('radio', { name: 'True' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(onSubmit).toHaveBeenCalledWith([1]);
  });
});
