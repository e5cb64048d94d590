// https://vike.dev/data
// The browser gets the contact.* and form.* strings, and the privacy-policy link (downloads).
import { contactFormData, type LeadFormData } from '../../../lib/pages/interactive'

export type ContactPageData = LeadFormData
export const data = contactFormData(['home', 'products', 'downloads'])
