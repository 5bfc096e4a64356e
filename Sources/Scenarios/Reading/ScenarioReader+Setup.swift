import SimPlatform
internal import Yams

/// Reading `loader` and `device`.
extension ScenarioReader {
  /// `loader: name` or `loader: {name: …, <options>}`.
  func readLoader(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Loader {
    switch value.node {
    case .scalar:
      return Scenario.Loader(name: try loaderName(value))
    case .mapping(let mapping):
      var name: String?
      var options: [Scenario.Option] = []
      for (keyNode, valueNode) in mapping {
        guard case .scalar(let keyScalar) = keyNode else {
          throw YAMLValue(node: keyNode, path: value.path, file: file).expected("a key name")
        }
        let option = value.child(keyScalar.string, node: valueNode)
        if keyScalar.string == "name" {
          name = try loaderName(option)
        } else {
          options.append(Scenario.Option(key: keyScalar.string, value: try optionValue(option)))
        }
      }
      guard let name else {
        throw value.error(
          .missingKey, "missing required key \"name\" (the loader's name)",
          hint: "for example {name: reference, memory_cache: \"20MB\"}")
      }
      return Scenario.Loader(name: name, options: options)
    default:
      throw value.expected("a loader name or {name: …, <options>}")
    }
  }

  private func loaderName(_ value: YAMLValue) throws(ScenarioError) -> String {
    let name = try value.nonEmptyText("a loader name")
    guard acceptsAnyLoader || knownLoaders.contains(name) else {
      let near = nearestName(to: name, in: knownLoaders).map { "; did you mean \"\($0)\"?" } ?? ""
      throw value.error(
        .unknownName, "unknown loader \(quoted(name))\(near)",
        hint: "known loaders: " + knownLoaders.joined(separator: ", "))
    }
    return name
  }

  private func optionValue(_ value: YAMLValue) throws(ScenarioError) -> Scenario.OptionValue {
    switch value.scalar {
    case .bool(let flag): return .flag(flag)
    case .integer(let text):
      guard let number = Int64(text) else {
        throw value.error(
          .invalidValue, "expected an option value, got \(text), which is too large")
      }
      return .integer(number)
    case .float: return .number(try value.number())
    case .string(let text): return .text(text)
    case .null, nil: throw value.expected("an option value (a flag, a number or text)")
    }
  }

  /// `device: profile` or `device: {profile: …, <parameter overrides>}`.
  /// Refuses a `scale` or screen side past ``Scenario/Limits``, naming the field: these sizes
  /// imply the bitmaps the simulator allocates.
  private func checkDeviceBound(_ key: String, _ value: YAMLValue, _ profile: DeviceProfile)
    throws(ScenarioError)
  {
    let (actual, limit, unit): (Double, Double, String) =
      switch key {
      case "scale": (profile.scale, Scenario.Limits.maxScale, "pixels per point")
      case "screen_width": (profile.screenWidth, Scenario.Limits.maxScreenSide, "points")
      case "screen_height": (profile.screenHeight, Scenario.Limits.maxScreenSide, "points")
      default: (0, 0, "")
      }
    if actual > limit {
      throw value.error(
        .invalidValue,
        "\(value.scalar?.text ?? "") is over CellSim's limit of \(limit) \(unit)")
    }
  }

  func readDevice(_ value: YAMLValue) throws(ScenarioError) -> Scenario.Device {
    switch value.node {
    case .scalar:
      return Scenario.Device(profile: try profileName(value))
    case .mapping:
      let keys = ["profile"] + DeviceProfile.parameters.map(\.name)
      let fields = try value.mapping(keys: keys)
      let profileValue = try fields.required("profile", "a device profile name")
      let name = try profileName(profileValue)
      guard var profile = DeviceProfile.named(name) else {
        throw profileValue.expected("a profile")
      }
      var overrides: [Scenario.DeviceOverride] = []
      for entry in fields.entries where entry.key != "profile" {
        let parameter = try parameterValue(entry.value)
        do {
          try profile.override(entry.key, with: parameter)
        } catch {
          switch error {
          case .invalidValue(_, let expected, let got):
            throw entry.value.error(.invalidValue, "expected \(expected), got \(got)")
          case .unknownParameter:
            throw entry.value.error(.unknownKey, error.description)
          }
        }
        try checkDeviceBound(entry.key, entry.value, profile)
        overrides.append(Scenario.DeviceOverride(name: entry.key, value: parameter))
      }
      // The screen's bitmap: named at the last of its sizes the file sets.
      if let problem = Scenario.Limits.screenProblem(profile) {
        let sizes = fields.entries.filter {
          ["screen_width", "screen_height", "scale"].contains($0.key)
        }
        throw (sizes.last?.value ?? value).error(.outOfRange, problem)
      }
      return Scenario.Device(profile: name, overrides: overrides)
    default:
      throw value.expected("a device profile name or {profile: …, <overrides>}")
    }
  }

  private func profileName(_ value: YAMLValue) throws(ScenarioError) -> String {
    let name = try value.nonEmptyText("a device profile name")
    let names = DeviceProfile.builtIn.map(\.name)
    guard names.contains(name) else {
      let near = nearestName(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
      throw value.error(
        .unknownName, "unknown device profile \(quoted(name))\(near)",
        hint: "profiles: " + names.joined(separator: ", "))
    }
    return name
  }

  private func parameterValue(_ value: YAMLValue) throws(ScenarioError) -> DeviceParameterValue {
    switch value.scalar {
    case .integer, .float: return .number(try value.number())
    case .string(let text): return .text(text)
    default: throw value.expected("a number, or text such as \"250us\" or \"420MB\"")
    }
  }
}
