// jest-dom matchers (loaded by test-support/jest-setup.cjs) for the type checker.
import '@testing-library/jest-dom';
