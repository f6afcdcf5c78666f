import ChoreoSceneModel

/// The scene model's `Dimension`, not Foundation's, in every file of the front end.
typealias Dimension = ChoreoSceneModel.Dimension
