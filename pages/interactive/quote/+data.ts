// https://vike.dev/data
import { interactiveData } from '../../../lib/pages/interactive'

export const data = interactiveData('quote', [], ['home', 'products'])
