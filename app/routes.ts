import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("i/login", "routes/login.tsx"),
  route("i/signup", "routes/signup.tsx"),
  route("i/logout", "routes/logout.tsx"),
  route("i/admin", "routes/admin.tsx"),
  route("i/admin/settings", "routes/admin/settings.ts"),
  route("i/admin/advanced-settings", "routes/admin/advanced-settings.ts"),
  route("i/admin/products", "routes/admin/products.ts"),
  route("i/admin/orders", "routes/admin/orders.ts"),
  route("i/admin/orders/stream", "routes/admin/orders-stream.ts"),
  route("i/admin/trial", "routes/admin/trial.ts"),
  route("i/super-admin", "routes/super-admin.tsx"),
  route("i/super-admin/actions", "routes/super-admin-actions.ts"),
  route("c/:city", "routes/city.tsx"),
  route("i/admin/upload", "routes/image-upload.ts"),
  route("s/:storeId/api", "routes/storefront-api.ts"),
  route(":storeId", "routes/storefront.tsx", { id: "storefront" }),
  route("s/:storeId", "routes/storefront.tsx", { id: "storefront-s" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
