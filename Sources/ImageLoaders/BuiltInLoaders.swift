/// The built-in loaders, in `cellsim loaders` order (DESIGN §3.5).
let builtInLoaders: [any CatalogLoader.Type] = []
