import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("i/login", "routes/login.tsx"),
  route("i/signup", "routes/signup.tsx"),
  route("i/logout", "routes/logout.tsx"),
  route("i/admin", "routes/admin.tsx"),
  route("i/super-admin", "routes/super-admin.tsx"),
  route("i/admin/upload", "routes/image-upload.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
