// Linux only: on Apple platforms the system's framework of this name is used.
#if os(Linux)
  /// The compression functions: one block into the running state.

  func loadBigEndian32(_ block: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
    let base = index * 4
    return UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8
      | UInt32(block[base + 3])
  }

  func loadBigEndian64(_ block: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
    var value: UInt64 = 0
    for byte in 0..<8 { value = value << 8 | UInt64(block[index * 8 + byte]) }
    return value
  }

  func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value << count | value >> (32 - count)
  }

  func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }

  func rotateRight(_ value: UInt64, _ count: UInt64) -> UInt64 {
    value >> count | value << (64 - count)
  }

  /// MD5's per-step shifts (RFC 1321, 3.4).
  private let md5Shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// MD5's constants: the integer part of 2^32 × |sin(i + 1)| (RFC 1321, 3.4).
  private let md5Constants: [UInt32] = [
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613,
    0xfd46_9501, 0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193,
    0xa679_438e, 0x49b4_0821, 0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d,
    0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8, 0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed,
    0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a, 0xfffa_3942, 0x8771_f681, 0x6d9d_6122,
    0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70, 0x289b_7ec6, 0xeaa1_27fa,
    0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665, 0xf429_2244,
    0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb,
    0xeb86_d391,
  ]

  func md5Block(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
    var words = [UInt32](repeating: 0, count: 16)
    for index in 0..<16 {
      let base = index * 4
      words[index] =
        UInt32(block[base]) | UInt32(block[base + 1]) << 8 | UInt32(block[base + 2]) << 16
        | UInt32(block[base + 3]) << 24
    }
    var (a, b, c, d) = (state[0], state[1], state[2], state[3])
    for step in 0..<64 {
      let mixed: UInt32
      let word: Int
      switch step {
      case 0..<16:
        mixed = (b & c) | (~b & d)
        word = step
      case 16..<32:
        mixed = (d & b) | (~d & c)
        word = (5 * step + 1) % 16
      case 32..<48:
        mixed = b ^ c ^ d
        word = (3 * step + 5) % 16
      default:
        mixed = c ^ (b | ~d)
        word = (7 * step) % 16
      }
      let sum = a &+ mixed &+ md5Constants[step] &+ words[word]
      (a, d, c) = (d, c, b)
      b = b &+ rotateLeft(sum, md5Shifts[step])
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
  }

  func sha1Block(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
    var words = [UInt32](repeating: 0, count: 80)
    for index in 0..<16 { words[index] = loadBigEndian32(block, index) }
    for index in 16..<80 {
      words[index] = rotateLeft(
        words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16], 1)
    }
    var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
    for step in 0..<80 {
      let (mixed, constant): (UInt32, UInt32)
      switch step {
      case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5a82_7999)
      case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ed9_eba1)
      case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
      default: (mixed, constant) = (b ^ c ^ d, 0xca62_c1d6)
      }
      let next = rotateLeft(a, 5) &+ mixed &+ e &+ constant &+ words[step]
      (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, next)
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
  }

  /// SHA-256's round constants (FIPS 180-4, 4.2.2).
  private let sha256Constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  func sha256Block(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
    var words = [UInt32](repeating: 0, count: 64)
    for index in 0..<16 { words[index] = loadBigEndian32(block, index) }
    for index in 16..<64 {
      let w15 = words[index - 15]
      let w2 = words[index - 2]
      let s0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
      let s1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
      words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
    }
    var v = state
    for step in 0..<64 {
      let s1 = rotateRight(v[4], 6) ^ rotateRight(v[4], 11) ^ rotateRight(v[4], 25)
      let choice = (v[4] & v[5]) ^ (~v[4] & v[6])
      let t1 = v[7] &+ s1 &+ choice &+ sha256Constants[step] &+ words[step]
      let s0 = rotateRight(v[0], 2) ^ rotateRight(v[0], 13) ^ rotateRight(v[0], 22)
      let majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])
      let t2 = s0 &+ majority
      v = [t1 &+ t2, v[0], v[1], v[2], v[3] &+ t1, v[4], v[5], v[6]]
    }
    for index in 0..<8 { state[index] &+= v[index] }
  }

  /// SHA-512's initial values (FIPS 180-4, 5.3.5).
  let sha512Initial: [UInt64] = [
    0x6a09_e667_f3bc_c908, 0xbb67_ae85_84ca_a73b, 0x3c6e_f372_fe94_f82b, 0xa54f_f53a_5f1d_36f1,
    0x510e_527f_ade6_82d1, 0x9b05_688c_2b3e_6c1f, 0x1f83_d9ab_fb41_bd6b, 0x5be0_cd19_137e_2179,
  ]

  /// SHA-512's round constants (FIPS 180-4, 4.2.3).
  private let sha512Constants: [UInt64] = [
    0x428a_2f98_d728_ae22, 0x7137_4491_23ef_65cd, 0xb5c0_fbcf_ec4d_3b2f, 0xe9b5_dba5_8189_dbbc,
    0x3956_c25b_f348_b538, 0x59f1_11f1_b605_d019, 0x923f_82a4_af19_4f9b, 0xab1c_5ed5_da6d_8118,
    0xd807_aa98_a303_0242, 0x1283_5b01_4570_6fbe, 0x2431_85be_4ee4_b28c, 0x550c_7dc3_d5ff_b4e2,
    0x72be_5d74_f27b_896f, 0x80de_b1fe_3b16_96b1, 0x9bdc_06a7_25c7_1235, 0xc19b_f174_cf69_2694,
    0xe49b_69c1_9ef1_4ad2, 0xefbe_4786_384f_25e3, 0x0fc1_9dc6_8b8c_d5b5, 0x240c_a1cc_77ac_9c65,
    0x2de9_2c6f_592b_0275, 0x4a74_84aa_6ea6_e483, 0x5cb0_a9dc_bd41_fbd4, 0x76f9_88da_8311_53b5,
    0x983e_5152_ee66_dfab, 0xa831_c66d_2db4_3210, 0xb003_27c8_98fb_213f, 0xbf59_7fc7_beef_0ee4,
    0xc6e0_0bf3_3da8_8fc2, 0xd5a7_9147_930a_a725, 0x06ca_6351_e003_826f, 0x1429_2967_0a0e_6e70,
    0x27b7_0a85_46d2_2ffc, 0x2e1b_2138_5c26_c926, 0x4d2c_6dfc_5ac4_2aed, 0x5338_0d13_9d95_b3df,
    0x650a_7354_8baf_63de, 0x766a_0abb_3c77_b2a8, 0x81c2_c92e_47ed_aee6, 0x9272_2c85_1482_353b,
    0xa2bf_e8a1_4cf1_0364, 0xa81a_664b_bc42_3001, 0xc24b_8b70_d0f8_9791, 0xc76c_51a3_0654_be30,
    0xd192_e819_d6ef_5218, 0xd699_0624_5565_a910, 0xf40e_3585_5771_202a, 0x106a_a070_32bb_d1b8,
    0x19a4_c116_b8d2_d0c8, 0x1e37_6c08_5141_ab53, 0x2748_774c_df8e_eb99, 0x34b0_bcb5_e19b_48a8,
    0x391c_0cb3_c5c9_5a63, 0x4ed8_aa4a_e341_8acb, 0x5b9c_ca4f_7763_e373, 0x682e_6ff3_d6b2_b8a3,
    0x748f_82ee_5def_b2fc, 0x78a5_636f_4317_2f60, 0x84c8_7814_a1f0_ab72, 0x8cc7_0208_1a64_39ec,
    0x90be_fffa_2363_1e28, 0xa450_6ceb_de82_bde9, 0xbef9_a3f7_b2c6_7915, 0xc671_78f2_e372_532b,
    0xca27_3ece_ea26_619c, 0xd186_b8c7_21c0_c207, 0xeada_7dd6_cde0_eb1e, 0xf57d_4f7f_ee6e_d178,
    0x06f0_67aa_7217_6fba, 0x0a63_7dc5_a2c8_98a6, 0x113f_9804_bef9_0dae, 0x1b71_0b35_131c_471b,
    0x28db_77f5_2304_7d84, 0x32ca_ab7b_40c7_2493, 0x3c9e_be0a_15c9_bebc, 0x431d_67c4_9c10_0d4c,
    0x4cc5_d4be_cb3e_42b6, 0x597f_299c_fc65_7e2a, 0x5fcb_6fab_3ad6_faec, 0x6c44_198c_4a47_5817,
  ]

  func sha512Block(_ state: inout [UInt64], _ block: UnsafeRawBufferPointer) {
    var words = [UInt64](repeating: 0, count: 80)
    for index in 0..<16 { words[index] = loadBigEndian64(block, index) }
    for index in 16..<80 {
      let w15 = words[index - 15]
      let w2 = words[index - 2]
      let s0 = rotateRight(w15, 1) ^ rotateRight(w15, 8) ^ (w15 >> 7)
      let s1 = rotateRight(w2, 19) ^ rotateRight(w2, 61) ^ (w2 >> 6)
      words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
    }
    var v = state
    for step in 0..<80 {
      let s1 = rotateRight(v[4], 14) ^ rotateRight(v[4], 18) ^ rotateRight(v[4], 41)
      let choice = (v[4] & v[5]) ^ (~v[4] & v[6])
      let t1 = v[7] &+ s1 &+ choice &+ sha512Constants[step] &+ words[step]
      let s0 = rotateRight(v[0], 28) ^ rotateRight(v[0], 34) ^ rotateRight(v[0], 39)
      let majority = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])
      let t2 = s0 &+ majority
      v = [t1 &+ t2, v[0], v[1], v[2], v[3] &+ t1, v[4], v[5], v[6]]
    }
    for index in 0..<8 { state[index] &+= v[index] }
  }
#endif
