// The organiser's 'Recados' (issue 26), as a tab of another screen, with its styles.
import './messages.css';
export { MessagesTab } from './messages-tab';
