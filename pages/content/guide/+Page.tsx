export { ArticlePage as default } from '../../../components/mdx/article-page'
