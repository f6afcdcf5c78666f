import Foundation

// Prints, for each compiled scene, its resource name, the size of the bundled Lottie, its Lottie
// markers and the size of the bundled SVG: scripts/test-plugin.sh checks these against the scenes
// and choreo-plugin.json (emit lottie and svg).
for name in ["spinner", "toggle-button"] {
    guard let lottieURL = Bundle.module.url(forResource: name, withExtension: "json"),
        let svgURL = Bundle.module.url(forResource: name, withExtension: "svg")
    else {
        print("\(name): missing from Bundle.module")
        exit(1)
    }
    let data = try Data(contentsOf: lottieURL)
    let document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let markers = (document["markers"] as? [[String: Any]] ?? []).compactMap { $0["cm"] as? String }
    let svg = try String(contentsOf: svgURL, encoding: .utf8)
    print("\(name): \(data.count) bytes, nm=\(document["nm"] as? String ?? "?"), markers=\(markers.joined(separator: ",")), svg=\(svg.hasPrefix("<svg") ? "yes" : "no")")
}
