// The page's +data result, for the page component (our renderer has no vike-react useData()).
import { createContext, useContext } from 'react'

const PageDataContext = createContext<unknown>(undefined)
export const PageDataProvider = PageDataContext.Provider

export function usePageData<T>(): T {
  const data = useContext(PageDataContext)
  if (data === undefined) throw new Error('usePageData() must be used inside <PageDataProvider>')
  return data as T
}
