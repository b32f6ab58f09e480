import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QuestionHeading } from './question-heading';

describe('a question heading (placement test and exams)', () => {
  it('names the question after its counter and takes the focus once drawn, outside the Tab order', () => {
    render(
      <QuestionHeading id="q-heading" counter="Question 3 sur 40">
        Which word means “short of breath”?
      </QuestionHeading>,
    );
    const heading = screen.getByRole('heading', {
      level: 2,
      name: 'Question 3 sur 40. Which word means “short of breath”?',
    });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('id', 'q-heading');
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
