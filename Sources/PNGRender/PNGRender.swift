/// Placeholder until the render path lands.
package enum PNGRenderPlaceholder {}
