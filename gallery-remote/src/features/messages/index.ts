// The organiser's 'Recados' (issue 26), as a tab of another screen.
export { MessagesTab } from './messages-tab';
