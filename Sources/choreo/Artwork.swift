import ChoreoScene
import ChoreoSVGImport

/// What every command compiles `artwork:` nodes with: the SVG importer.
let artworkLoader: any ArtworkLoading = SVGArtworkLoader()
