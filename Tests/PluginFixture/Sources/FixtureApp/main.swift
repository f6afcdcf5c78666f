import Foundation

// Prints, for each compiled scene, its resource name, the size of the bundled Lottie, its Lottie
// markers, whether the bundled SVG and dotLottie look right: scripts/test-plugin.sh checks these
// against the scenes and choreo-plugin.json (emit lottie, dotlottie and svg).
for name in ["spinner", "toggle-button"] {
    guard let lottieURL = Bundle.module.url(forResource: name, withExtension: "json"),
        let svgURL = Bundle.module.url(forResource: name, withExtension: "svg"),
        let dotLottieURL = Bundle.module.url(forResource: name, withExtension: "lottie")
    else {
        print("\(name): missing from Bundle.module")
        exit(1)
    }
    let data = try Data(contentsOf: lottieURL)
    let document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let markers = (document["markers"] as? [[String: Any]] ?? []).compactMap { $0["cm"] as? String }
    let svg = try String(contentsOf: svgURL, encoding: .utf8)
    // A ZIP archive starts with a local file header, "PK\u{3}\u{4}".
    let archive = try Data(contentsOf: dotLottieURL)
    let isZip = Array(archive.prefix(4)) == [0x50, 0x4B, 0x03, 0x04]
    print("\(name): \(data.count) bytes, nm=\(document["nm"] as? String ?? "?"), markers=\(markers.joined(separator: ",")), svg=\(svg.hasPrefix("<svg") ? "yes" : "no"), lottie=\(isZip ? "zip" : "no")")
}
