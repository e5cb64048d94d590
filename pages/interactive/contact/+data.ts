// https://vike.dev/data
// The browser gets the contact.* and form.* strings, and the privacy-policy link (downloads).
import { interactiveData } from '../../../lib/pages/interactive'

export const data = interactiveData('contact', ['form.'], ['home', 'products', 'downloads'])
