/// The built-in loaders, in `cellsim loaders` order (docs/design.md, Loaders).
///
/// Each seed loader's doc comment cites its article by file (`shared/seeds/NNN_….txt`) and by
/// the heading, numbered point or code block each modelled rule comes from, and says which
/// choices CellSim made where the article is silent.
nonisolated(unsafe) let builtInLoaders: [any CatalogLoader.Type] = [
  NaiveLoader.self,
  BlockOperationLoader.self,
  ImageProviderLoader.self,
  FILOQueueLoader.self,
  RunLoopBufferedLoader.self,
  WWDC211Loader.self,
  ReferenceLoader.self,
  BlockingFetchLoader.self,
  BlockingSemaphoreLoader.self,
  BlockingLockLoader.self,
  BlockingSyncDeadlockLoader.self,
  BlockingLockOrderLoader.self,
  AnimatedImageLoader.self,
]
