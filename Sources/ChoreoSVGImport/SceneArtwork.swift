import ChoreoDiagnostics
import ChoreoScene
import ChoreoTimeline

/// The importer as the scene compiler's `ArtworkLoading`: `artwork:` nodes become the nodes
/// `choreo import` writes for the same SVG, so the two cannot disagree.
public struct SVGArtworkLoader: ArtworkLoading {
    public init() {}

    public func artwork(from bytes: [UInt8], element: String?, fittingInto size: Point?) -> Result<LoadedArtwork, ArtworkFinding> {
        switch ArtworkMapper.map(bytes: bytes, element: element, fitting: size) {
        case let .failure(error):
            return .failure(ArtworkFinding(error.message, line: error.line, column: error.column))
        case let .success(artwork):
            return .success(LoadedArtwork(
                nodes: artwork.nodes.map(ImportedScene.node),
                warnings: artwork.warnings.map { ArtworkFinding($0.message, line: $0.location.line, column: $0.location.column) },
                elements: artwork.locations.mapValues { SourceLocation(line: $0.line, column: $0.column) }))
        }
    }
}
