/// Images cross isolation domains in async loaders (decoded on a worker, cached in an actor,
/// shown on the main actor). Everything in a simulation runs on one real thread, and an image's
/// only mutation (its lazy decode) happens on the simulated thread that displays or decodes it,
/// so passing one between tasks of the simulation is safe. Do not pass images to real threads.
extension Image: @unchecked Sendable {}
