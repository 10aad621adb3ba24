// Reactions' public face (issue 24): the hearts and the organiser's star, with their styles.
import './reactions.css';
export { HeartButton, StarButton } from './reaction-buttons';
export { useHearts, type Hearts } from './use-hearts';
