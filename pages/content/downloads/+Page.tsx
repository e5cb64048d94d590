export { BlockPage as default } from '../../../components/blocks/block-page'
