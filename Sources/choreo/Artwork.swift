import ChoreoFileAccess
import ChoreoScene
import ChoreoSVGImport

/// What every command compiles `artwork:` nodes with: the SVG importer.
let artworkLoader: any ArtworkLoading = SVGArtworkLoader()

/// What every command reads the files a scene names through (fonts, artwork): inside the scene's
/// folder, bounded (docs/security.md).
let sceneFileAccess: any SceneFileAccess = SceneFolderFiles()
